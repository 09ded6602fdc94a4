import { copy } from "@doorstep/shared/copy";
import { CreatePropertyRequest } from "@doorstep/shared/schemas/property";
import { useRef, useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { fieldProblem } from "../../../lib/schema-form.ts";
import { useCheckWeblink } from "../api/check-weblink.ts";
import { useCreateProperty } from "../api/create-property.ts";
import { initialWeblink, weblinkProblemCopy } from "./weblink-problem.ts";

/** {item}-idle / -checking-id / -fetching for a new property (XCUT-19, PROP-07). */
type CreateStatus = "idle" | "checking" | "creating";

interface CreatePropertyFormProps {
  nameLabel: string;
  nameHint: string;
  namePlaceholder?: string;
  /** Where the guide will live, shown under the weblink ("https://…/g/"). */
  guideBase: string;
  /** Called with the new property's weblink once the lists are reloaded (PROP-13). */
  onCreated: (propertyId: string) => void;
  /** How the property is made; by default POST /api/properties. Resolves to the new weblink. */
  make?: (input: CreatePropertyRequest) => Promise<string>;
}

/**
 * The two-step create form (PROP-06…11): the guide name, "Continue", then the weblink suggested from it;
 * the button reads "Checking" while the weblink is checked and "Creating" while the property is made.
 */
export function CreatePropertyForm({
  nameLabel,
  nameHint,
  namePlaceholder,
  guideBase,
  onCreated,
  make,
}: CreatePropertyFormProps) {
  const [step, setStep] = useState<"name" | "weblink">("name");
  const [name, setName] = useState("");
  const [weblink, setWeblink] = useState("");
  const [nameError, setNameError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [status, setStatus] = useState<CreateStatus>("idle");
  const weblinkRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const check = useCheckWeblink();
  const create = useCreateProperty();

  const problem = step === "weblink" && weblink !== "" ? weblinkProblemCopy(weblink) : undefined;
  const busy = status !== "idle";

  // The create request's own rules for both values; the weblink's form (PROP-09) is the shared rule above.
  const titleProblem = () => fieldProblem(CreatePropertyRequest.shape.title, name);

  const toWeblinkStep = () => {
    const nameProblem = titleProblem();
    if (nameProblem) {
      setNameError(nameProblem);
      nameRef.current?.focus();
      return;
    }
    setNameError(undefined);
    setWeblink(initialWeblink(name.trim()));
    setStep("weblink");
    // Focus follows the new step so keyboard and screen-reader users land on the weblink.
    requestAnimationFrame(() => weblinkRef.current?.focus());
  };

  const submit = async () => {
    const nameProblem = titleProblem();
    if (nameProblem) {
      setNameError(nameProblem);
      return;
    }
    const missingWeblink = fieldProblem(CreatePropertyRequest.shape.propertyId, weblink);
    if (missingWeblink) {
      setServerError(missingWeblink);
      return;
    }
    if (weblinkProblemCopy(weblink)) return;
    const title = name.trim();
    setServerError(undefined);
    try {
      setStatus("checking");
      if (!(await check.mutateAsync(weblink))) {
        setServerError(copy.properties.weblinkUnavailable);
        setStatus("idle");
        return;
      }
      setStatus("creating");
      const input = { title, propertyId: weblink };
      onCreated(make ? await make(input) : (await create.mutateAsync(input)).propertyId);
    } catch (cause) {
      // PROP-11: a taken weblink or a failed creation reads the same; a bad form gets its own copy (PROP-09).
      if (hasErrorCode(cause, "WEBLINK_INVALID")) setServerError(copy.properties.weblinkCharacters);
      else if (hasErrorCode(cause, "WEBLINK_TAKEN", "CONFLICT", "VALIDATION_FAILED"))
        setServerError(copy.properties.weblinkUnavailable);
      else setServerError(copy.common.genericError);
      setStatus("idle");
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (step === "name") toWeblinkStep();
    else void submit();
  };

  // PROP-07: "Continue" on both steps, "Checking" while the weblink is checked, then "Creating".
  const buttonLabel =
    status === "checking"
      ? copy.properties.checking
      : status === "creating"
        ? copy.properties.creating
        : copy.properties.continue;

  return (
    <form className="create-property stack" onSubmit={onSubmit} noValidate>
      <TextField
        ref={nameRef}
        label={nameLabel}
        hint={nameHint}
        placeholder={namePlaceholder}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          if (nameError) setNameError(undefined);
        }}
        error={nameError}
        required
        maxLength={120}
        autoComplete="off"
        autoFocus
        disabled={busy}
      />
      {step === "weblink" ? (
        <div className="create-property__weblink">
          <TextField
            ref={weblinkRef}
            label={copy.properties.weblink}
            hint={
              <>
                {copy.properties.weblinkHint}{" "}
                <span className="create-property__preview">
                  {copy.properties.weblinkPreview} <strong>{`${guideBase}${weblink}`}</strong>
                </span>
              </>
            }
            value={weblink}
            onChange={(event) => {
              setWeblink(event.target.value);
              setServerError(undefined);
            }}
            error={problem}
            required
            maxLength={60}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            disabled={busy}
          />
        </div>
      ) : null}
      {serverError ? <Alert>{serverError}</Alert> : null}
      <div>
        <Button type="submit" busy={busy} disabled={busy || problem !== undefined}>
          {buttonLabel}
        </Button>
      </div>
    </form>
  );
}

import { copy } from "@doorstep/shared/copy";
import { UpdateManagerRequest, type ManagerSummary } from "@doorstep/shared/schemas/manager";
import type { CountryCode } from "@doorstep/shared/rules/phone";
import { Controller, useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { Alert } from "../../../../components/ui/banner.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { Dialog } from "../../../../components/ui/dialog.tsx";
import { ImageUpload } from "../../../../components/ui/image-upload.tsx";
import { TextField } from "../../../../components/ui/text-field.tsx";
import { managerPhotoUrl, useRefreshManagers } from "../../../../api/managers/manager-photo.ts";
import { useUpdateManager } from "../../../../api/managers/update-manager.ts";
import { formErrorMessage } from "../../../../lib/schema-form.ts";
import { PhoneField } from "../../../../components/phone-field.tsx";

const FIELDS = ["firstName", "lastName", "email", "tel", "messageAppName", "messageAppLink"] as const;
type Field = (typeof FIELDS)[number];
type ManagerForm = Record<Field, string>;

function initial(manager: ManagerSummary): ManagerForm {
  return Object.fromEntries(FIELDS.map((field) => [field, manager[field] ?? ""])) as ManagerForm;
}

/** The trimmed values that differ from the stored ones: the update sends only those. */
function changes(values: ManagerForm, manager: ManagerSummary): Partial<ManagerForm> {
  const before = initial(manager);
  return Object.fromEntries(
    FIELDS.filter((field) => values[field].trim() !== before[field]).map((field) => [field, values[field].trim()]),
  );
}

/**
 * The form is checked as the update request it sends, so only changed values are judged: a name may stay
 * blank when it already was (a default manager made from a first name only, PROP-34).
 */
function changesResolver(manager: ManagerSummary): Resolver<ManagerForm> {
  return (values) => {
    const body = changes(values, manager);
    // Nothing changed closes the popup without a request, so there is nothing to judge.
    if (Object.keys(body).length === 0) return { values, errors: {} };
    const result = UpdateManagerRequest.safeParse(body, { error: formErrorMessage });
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<ManagerForm> = {};
    for (const issue of result.error.issues) {
      const field = FIELDS.find((name) => name === issue.path[0]);
      if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}

/** The manager edit popup of Basic Setup (MGR-11): name, photo, email, phone and message link in one form. */
export function ManagerDialog({
  manager,
  open,
  onClose,
  phoneCountry,
}: {
  manager: ManagerSummary;
  open: boolean;
  onClose: () => void;
  /** The phone chooser's country when the manager's number does not say: the property's. */
  phoneCountry?: CountryCode;
}) {
  const update = useUpdateManager();
  const refreshManagers = useRefreshManagers();
  const form = useForm<ManagerForm>({
    defaultValues: initial(manager),
    resolver: changesResolver(manager),
    mode: "onChange",
    shouldFocusError: false,
  });
  const { errors, isSubmitted } = form.formState;
  const formId = `manager-form-${manager.vanityId}`;
  // Email, phone and message link are judged while typed; the names once the form has been sent.
  const shownProblem = (field: Field) =>
    isSubmitted || field === "email" || field === "tel" || field === "messageAppLink"
      ? errors[field]?.message
      : undefined;

  const close = () => {
    form.reset(initial(manager));
    update.reset();
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    if (update.isPending) return;
    const body = changes(values, manager);
    if (Object.keys(body).length === 0) return close();
    update.mutate({ vanityId: manager.vanityId, body }, { onSuccess: () => (form.reset(form.getValues()), onClose()) });
  });
  const field = (name: Field, label: string, type = "text", hint?: string) => (
    <TextField label={label} type={type} hint={hint} error={shownProblem(name)} {...form.register(name)} />
  );

  return (
    <Dialog
      open={open}
      size="md"
      title={copy.basicSetup.editManager}
      onClose={close}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {copy.common.cancel}
          </Button>
          <Button type="submit" form={formId} busy={update.isPending} disabled={update.isPending}>
            {update.isPending ? copy.common.saving : copy.common.save}
          </Button>
        </>
      }
    >
      <form id={formId} className="stack" onSubmit={submit} noValidate>
        {field("firstName", copy.managers.firstName)}
        {field("lastName", copy.managers.lastName)}
        <ImageUpload
          label={copy.managers.photo}
          currentUrl={manager.photoUrl}
          alt={copy.managers.photoAlt}
          shape="round"
          uploadUrl={managerPhotoUrl(manager.vanityId)}
          removeUrl={managerPhotoUrl(manager.vanityId)}
          onDone={refreshManagers}
        />
        {field("email", copy.managers.email, "email", copy.managers.blankHidesHint)}
        <Controller
          control={form.control}
          name="tel"
          render={({ field: tel }) => (
            <PhoneField
              label={copy.managers.tel}
              initial={manager.tel}
              defaultCountry={phoneCountry}
              hint={copy.managers.blankHidesHint}
              error={shownProblem("tel")}
              onChange={tel.onChange}
            />
          )}
        />
        {field("messageAppName", copy.managers.messageAppName)}
        {field("messageAppLink", copy.managers.messageAppLink, "url", copy.managers.messageLinkHint)}
        {update.isError ? <Alert>{copy.managers.saveError}</Alert> : null}
      </form>
    </Dialog>
  );
}

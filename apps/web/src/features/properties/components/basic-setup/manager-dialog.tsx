import { copy } from "@doorstep/shared/copy";
import type { ManagerSummary } from "@doorstep/shared/schemas/manager";
import { useState, type FormEvent } from "react";
import { Alert } from "../../../../components/ui/banner.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { Dialog } from "../../../../components/ui/dialog.tsx";
import { ImageUpload } from "../../../../components/ui/image-upload.tsx";
import { TextField } from "../../../../components/ui/text-field.tsx";
import { managerPhotoUrl, useRefreshManagers } from "../../../../api/managers/manager-photo.ts";
import { useUpdateManager } from "../../../../api/managers/update-manager.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HTTP_URL = /^https?:\/\/[^\s]+$/i;
const FIELDS = ["firstName", "lastName", "email", "tel", "messageAppName", "messageAppLink"] as const;
type Field = (typeof FIELDS)[number];

function initial(manager: ManagerSummary): Record<Field, string> {
  return Object.fromEntries(FIELDS.map((field) => [field, manager[field] ?? ""])) as Record<Field, string>;
}

/** The manager edit popup of Basic Setup (MGR-11): name, photo, email, phone and message link in one form. */
export function ManagerDialog({
  manager,
  open,
  onClose,
}: {
  manager: ManagerSummary;
  open: boolean;
  onClose: () => void;
}) {
  const update = useUpdateManager();
  const refreshManagers = useRefreshManagers();
  const [values, setValues] = useState(() => initial(manager));
  const [submitted, setSubmitted] = useState(false);
  const formId = `manager-form-${manager.vanityId}`;

  const problems: Partial<Record<Field, string>> = {};
  // A name may stay blank when it already was (a default manager made from a first name only, PROP-34).
  if (!values.firstName.trim() && manager.firstName) problems.firstName = copy.common.required;
  if (!values.lastName.trim() && manager.lastName) problems.lastName = copy.common.required;
  if (values.email.trim() && !EMAIL.test(values.email.trim())) problems.email = copy.common.emailInvalid;
  if (values.messageAppLink.trim() && !HTTP_URL.test(values.messageAppLink.trim()))
    problems.messageAppLink = copy.common.urlInvalid;
  const shownProblem = (field: Field) =>
    submitted || field === "email" || field === "messageAppLink" ? problems[field] : undefined;

  const close = () => {
    setValues(initial(manager));
    setSubmitted(false);
    update.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0 || update.isPending) return;
    const before = initial(manager);
    const body = Object.fromEntries(
      FIELDS.filter((field) => values[field].trim() !== before[field]).map((field) => [field, values[field].trim()]),
    );
    if (Object.keys(body).length === 0) return close();
    update.mutate({ vanityId: manager.vanityId, body }, { onSuccess: () => (setSubmitted(false), onClose()) });
  };
  const field = (name: Field, label: string, type = "text", hint?: string) => (
    <TextField
      label={label}
      type={type}
      value={values[name]}
      hint={hint}
      error={shownProblem(name)}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
    />
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
        {field("tel", copy.managers.tel, "tel", copy.managers.blankHidesHint)}
        {field("messageAppName", copy.managers.messageAppName)}
        {field("messageAppLink", copy.managers.messageAppLink, "url", copy.managers.messageLinkHint)}
        {update.isError ? <Alert>{copy.managers.saveError}</Alert> : null}
      </form>
    </Dialog>
  );
}

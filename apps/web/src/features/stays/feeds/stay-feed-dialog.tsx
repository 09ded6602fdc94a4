import { copy } from "@doorstep/shared/copy";
import { CreateStayFeedRequest, type StayFeedDto } from "@doorstep/shared/schemas/stay-feeds";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { apiErrorFields } from "../../../lib/api-error-fields.ts";
import { schemaResolver } from "../../../lib/schema-form.ts";
import { useAddStayFeed, useStayFeedLink, useUpdateStayFeed } from "./stay-feeds-api.ts";

const c = copy.stayFeeds;
type Values = { url: string; channel: string };
const resolver = schemaResolver(CreateStayFeedRequest);

interface StayFeedDialogProps {
  open: boolean;
  propertyId: string;
  /** The feed being edited; none to add one. */
  feed?: StayFeedDto;
  onClose: () => void;
  onSaved: () => void;
}

/** "Add calendar feed" or editing one: "Calendar (iCal) link" (the whole link only here) and "Channel name". */
export function StayFeedDialog({ open, propertyId, feed, onClose, onSaved }: StayFeedDialogProps) {
  const formId = useId();
  const add = useAddStayFeed(propertyId);
  const update = useUpdateStayFeed();
  const link = useStayFeedLink(open && feed ? feed.id : null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values, unknown, CreateStayFeedRequest>({ defaultValues: { url: "", channel: "" }, resolver });
  const { errors, isSubmitting } = form.formState;

  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    setFailure(null);
    reset({ url: link.data?.url ?? "", channel: feed?.channel ?? "" });
  }, [open, feed, link.data, reset]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (feed) await update.mutateAsync({ feedId: feed.id, body: values });
      else await add.mutateAsync(values);
      onSaved();
    } catch (cause) {
      const fields = apiErrorFields(cause).filter((e) => e.field === "url" || e.field === "channel");
      for (const { field, message } of fields) form.setError(field as keyof Values, { type: "server", message });
      if (fields.length > 0) return;
      setFailure(cause instanceof ApiError && cause.status < 500 ? cause.message : copy.common.genericError);
    }
  });

  const loadingLink = feed !== undefined && link.isPending;
  return (
    <Dialog
      open={open}
      size="md"
      title={feed ? c.editTitle(feed.channel) : c.add}
      onClose={() => {
        if (!isSubmitting) onClose();
      }}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {c.cancel}
          </Button>
          <Button type="submit" form={formId} busy={isSubmitting} disabled={isSubmitting || loadingLink}>
            {feed ? c.saveChanges : c.save}
          </Button>
        </>
      }
    >
      <form id={formId} className="stay-feed-form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label={c.urlLabel}
          hint={c.urlHint}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          error={errors.url?.message}
          disabled={loadingLink}
          {...form.register("url")}
        />
        <TextField
          label={c.channelLabel}
          hint={c.channelHint}
          error={errors.channel?.message}
          {...form.register("channel")}
        />
        {failure ? <Alert>{failure}</Alert> : null}
      </form>
    </Dialog>
  );
}

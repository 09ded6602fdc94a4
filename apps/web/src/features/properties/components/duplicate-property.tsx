import { copy } from "@doorstep/shared/copy";
import { useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button, ButtonLink } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { ProgressBar } from "../../../components/ui/progress-bar.tsx";
import { useConfig } from "../../../lib/config.ts";
import { usePropertyCopy, useRetryCopy, useStartDuplicate } from "../api/duplicate-property.ts";
import { CreatePropertyForm } from "./create-property-form.tsx";

const c = copy.duplicateProperty;

/** How far the copy has got, and what to do next: open the new property, or start the copy over. */
function CopyProgress({ copyId }: { copyId: string }) {
  const progress = usePropertyCopy(copyId);
  const retry = useRetryCopy();
  const job = progress.data;
  if (!job) return progress.isError ? <Alert>{copy.common.genericError}</Alert> : null;
  return (
    <div className="stack" role="status">
      {job.status === "running" ? (
        <>
          <p>{c.copying(job.done, job.total)}</p>
          <ProgressBar value={job.total > 0 ? job.done / job.total : 0} label={c.progressLabel} />
        </>
      ) : job.status === "done" ? (
        <>
          <p>{c.ready(job.title)}</p>
          <div>
            <ButtonLink to={`/property/${encodeURIComponent(job.propertyId)}`}>{c.open(job.title)}</ButtonLink>
          </div>
        </>
      ) : (
        <>
          <Alert>{c.failed}</Alert>
          <div>
            <Button onClick={() => retry.mutate(job.id)} busy={retry.isPending}>
              {c.retry}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * "Duplicate property" on a property's overview: the new name and weblink by the create form's
 * rules and copy; the property is made at once and its guide copied with progress.
 */
export function DuplicateProperty({ propertyId }: { propertyId: string }) {
  const config = useConfig();
  const start = useStartDuplicate(propertyId);
  const [open, setOpen] = useState(false);
  const [copyId, setCopyId] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setCopyId(null);
    start.reset();
  };

  return (
    <section className="overview-block" aria-labelledby="duplicate-heading">
      <h2 id="duplicate-heading">{c.title}</h2>
      <p className="muted">{c.intro}</p>
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {c.title}
        </Button>
      </div>
      <Dialog
        open={open}
        title={c.title}
        onClose={close}
        size="md"
        actions={
          // The copy goes on on the server when the dialog closes; the new property is in the list.
          <Button variant="secondary" onClick={close}>
            {copyId ? c.close : copy.common.cancel}
          </Button>
        }
      >
        {copyId ? (
          <CopyProgress copyId={copyId} />
        ) : (
          <div className="stack">
            <p className="muted">{c.billing}</p>
            <CreatePropertyForm
              nameLabel={copy.properties.guideName}
              nameHint={c.nameHint}
              guideBase={`${config.data?.publicUrl ?? window.location.origin}/g/`}
              make={async (input) => {
                const started = await start.mutateAsync(input);
                setCopyId(started.id);
                return started.propertyId;
              }}
              onCreated={() => undefined}
            />
          </div>
        )}
      </Dialog>
    </section>
  );
}

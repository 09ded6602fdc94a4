import { copy } from "@doorstep/shared/copy";
import type { CreateApiKeyResponse } from "@doorstep/shared/schemas/api-keys";
import { useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { useApiKeys } from "../api/get-api-keys.ts";
import { ApiKeysTable } from "../components/api-keys-table.tsx";
import { CreateKeyForm } from "../components/create-key-form.tsx";
import { NewKey } from "../components/new-key.tsx";
import "./api-keys.css";

const k = copy.apiKeys;

/** /api-keys: what a key is for, the form that makes one, the new key shown once, and the keys with "Revoke". */
export function ApiKeysPage() {
  const keys = useApiKeys();
  // Held in this page's memory only: leaving the page forgets the key, as the server already has.
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);
  let body;
  if (keys.isPending) body = <LoadingScreen />;
  else if (keys.isError)
    body = <Alert>{hasErrorCode(keys.error, "FORBIDDEN") ? k.ownerOnly : copy.common.genericError}</Alert>;
  else
    body = (
      <div className="stack">
        {created ? <NewKey name={created.apiKey.name} apiKey={created.key} onDone={() => setCreated(null)} /> : null}
        <CreateKeyForm onCreated={setCreated} />
        <ApiKeysTable items={keys.data.items} />
      </div>
    );
  return (
    <div className="api-keys-page">
      <div className="page-header">
        <h1>{k.title}</h1>
      </div>
      <div className="api-keys__intro">
        <p>
          {k.intro}{" "}
          <a href="/api/docs" target="_blank" rel="noopener noreferrer">
            {k.docsLink}
          </a>
        </p>
        <p className="muted">{k.scope}</p>
        <p className="muted">{k.retries}</p>
      </div>
      {body}
    </div>
  );
}

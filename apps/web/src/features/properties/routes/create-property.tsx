import { copy } from "@doorstep/shared/copy";
import { useNavigate } from "react-router";
import { Card } from "../../../components/ui/card.tsx";
import { useConfig } from "../../../lib/config.ts";
import { BackToList } from "../components/back-to-list.tsx";
import { CreatePropertyForm } from "../components/create-property-form.tsx";
import "./property-pages.css";
import "./setup.css";

/**
 * /create-property (PROP-06…14): name, then weblink, as step 1 of the guided four (PROP-13's setup flow) that
 * sign-ups from /try-free get too: one way to create a property, so none is left as a bare inactive draft.
 */
export function CreatePropertyPage() {
  const navigate = useNavigate();
  const config = useConfig();
  return (
    <div className="narrow-page">
      <BackToList />
      <p className="setup-step">{copy.setup.step(1, 4)}</p>
      <div className="page-header">
        <h1>{copy.properties.createTitle}</h1>
      </div>
      <Card>
        <CreatePropertyForm
          nameLabel={copy.properties.guideName}
          nameHint={copy.properties.guideNameHint}
          guideBase={`${config.data?.publicUrl ?? window.location.origin}/g/`}
          onCreated={(propertyId) => navigate(`/property/${encodeURIComponent(propertyId)}/setup-basics`)}
        />
      </Card>
    </div>
  );
}

import { copy } from "@doorstep/shared/copy";
import { useNavigate } from "react-router";
import { Card } from "../../../components/ui/card.tsx";
import { useConfig } from "../../../lib/config.ts";
import { CreatePropertyForm } from "../components/create-property-form.tsx";
import "./property-pages.css";
import "./setup.css";

/** /setup-place "Create a New Place" (PROP-31, OPEN-09): creates the property as PROP-06…13 do, then the basics. */
export function SetupPlacePage() {
  const navigate = useNavigate();
  const config = useConfig();
  return (
    <div className="narrow-page">
      <p className="setup-step">{copy.setup.step(1, 4)}</p>
      <div className="page-header">
        <h1>{copy.setup.createPlaceTitle}</h1>
      </div>
      <Card>
        <CreatePropertyForm
          nameLabel={copy.setup.placeName}
          nameHint={copy.setup.placeNameHint}
          namePlaceholder={copy.setup.placeExample}
          guideBase={`${config.data?.publicUrl ?? window.location.origin}/g/`}
          onCreated={(propertyId) => navigate(`/property/${encodeURIComponent(propertyId)}/setup-basics`)}
        />
      </Card>
    </div>
  );
}

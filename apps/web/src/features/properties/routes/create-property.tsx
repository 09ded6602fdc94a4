import { copy } from "@doorstep/shared/copy";
import { useNavigate } from "react-router";
import { Card } from "../../../components/ui/card.tsx";
import { useConfig } from "../../../lib/config.ts";
import { BackToList } from "../components/back-to-list.tsx";
import { CreatePropertyForm } from "../components/create-property-form.tsx";
import "./property-pages.css";

/** /create-property (PROP-06…14): name, then weblink; success opens the new property's page. */
export function CreatePropertyPage() {
  const navigate = useNavigate();
  const config = useConfig();
  return (
    <div className="narrow-page">
      <BackToList />
      <div className="page-header">
        <h1>{copy.properties.createTitle}</h1>
      </div>
      <Card>
        <CreatePropertyForm
          nameLabel={copy.properties.guideName}
          nameHint={copy.properties.guideNameHint}
          guideBase={`${config.data?.publicUrl ?? window.location.origin}/g/`}
          onCreated={(propertyId) =>
            navigate(`/property/${encodeURIComponent(propertyId)}`, { state: { newProperty: true } })
          }
        />
      </Card>
    </div>
  );
}

import { copy } from "@doorstep/shared/copy";
import { UpdatePropertyRequest } from "@doorstep/shared/schemas/property";
import { useParams } from "react-router";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ImageItem } from "../../../components/ui/image-item.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { TextItem } from "../../../components/ui/text-item.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { useConfig } from "../../../lib/config.ts";
import { coverImageUrl, useRefreshProperties } from "../api/cover-image.ts";
import { useCompany } from "../../../api/company/get-company.ts";
import { useProperty } from "../../../api/properties/get-property.ts";
import { useUpdateProperty } from "../api/update-property.ts";
import { DefaultLanguageItem, TranslationsItem } from "../components/basic-setup/language-items.tsx";
import { LocationItem } from "../components/basic-setup/location-item.tsx";
import { ManagerItem } from "../components/basic-setup/manager-item.tsx";
import { ThemeColoursItem } from "../components/basic-setup/theme-colours-item.tsx";
import { What3wordsItem } from "../components/basic-setup/what3words-item.tsx";
import { StayDefaultsItems } from "../components/basic-setup/stay-defaults-items.tsx";
import "./basic-setup.css";

/** /property/:propertyId/property-details, "Basic Setup" (SETUP-01…23): the items in the order of SETUP-01. */
export function PropertyDetailsPage() {
  const { propertyId = "" } = useParams();
  const property = useProperty(propertyId);
  const config = useConfig();
  const company = useCompany();
  const update = useUpdateProperty();
  const refresh = useRefreshProperties();
  const back = `/property/${encodeURIComponent(propertyId)}`;

  if (property.isPending) return <LoadingScreen />;
  if (property.isError) {
    return (
      <div className="basic-setup">
        <BackLink to="/properties">{copy.properties.title}</BackLink>
        <h1>{hasErrorCode(property.error, "NOT_FOUND") ? copy.basicSetup.notFound : copy.common.genericError}</h1>
      </div>
    );
  }
  const p = property.data;
  const what3wordsConfigured = config.data?.what3wordsConfigured ?? false;
  return (
    <div className="basic-setup">
      <BackLink to={back}>{copy.basicSetup.backToProperty}</BackLink>
      <div className="page-header">
        <h1>{copy.basicSetup.title}</h1>
        <p>{p.title}</p>
      </div>
      <Card>
        <TextItem
          title={copy.basicSetup.propertyTitle}
          value={p.title}
          schema={UpdatePropertyRequest.shape.title}
          save={(title) => update.mutateAsync({ propertyId, body: { title } })}
        />
        <ImageItem
          title={copy.basicSetup.coverImage}
          currentUrl={p.coverImageUrl}
          hint={copy.basicSetup.coverHint}
          alt={copy.basicSetup.coverAlt}
          previewAlt={copy.basicSetup.coverPreviewAlt}
          uploadUrl={coverImageUrl(propertyId)}
          removeUrl={coverImageUrl(propertyId)}
          onDone={refresh}
        />
        <LocationItem property={p} />
        {p.address ? (
          <TextItem
            title={copy.basicSetup.displayAddress}
            value={p.displayAddress}
            schema={UpdatePropertyRequest.shape.displayAddress}
            required
            save={(displayAddress) => update.mutateAsync({ propertyId, body: { displayAddress } })}
          />
        ) : null}
        {p.what3words || what3wordsConfigured ? (
          <What3wordsItem property={p} configured={what3wordsConfigured} />
        ) : null}
        <DefaultLanguageItem property={p} />
        <TranslationsItem property={p} />
        <StayDefaultsItems property={p} />
        <ManagerItem property={p} />
        <ThemeColoursItem property={p} company={company.data ?? null} />
      </Card>
    </div>
  );
}

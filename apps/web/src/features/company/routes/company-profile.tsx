import { copy } from "@doorstep/shared/copy";
import { UpdateCompanyRequest, type CompanyDto } from "@doorstep/shared/schemas/company";
import { Alert } from "../../../components/ui/banner.tsx";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { ButtonLink } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ColoursItem } from "../../../components/ui/colours-item.tsx";
import { ImageItem } from "../../../components/ui/image-item.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { TextItem } from "../../../components/ui/text-item.tsx";
import { COMPANY_ICON_URL, COMPANY_LOGO_URL, useRefreshCompany } from "../api/company-images.ts";
import { useCompany } from "../../../api/company/get-company.ts";
import { useUpdateCompany } from "../api/update-company.ts";
import { LoadingPreview } from "../components/loading-preview.tsx";
import "./company.css";

function CompanyItems({ company }: { company: CompanyDto }) {
  const update = useUpdateCompany();
  const refresh = useRefreshCompany();
  return (
    <Card>
      <TextItem
        title={copy.company.brandName}
        value={company.brandName}
        schema={UpdateCompanyRequest.shape.brandName}
        save={(brandName) => update.mutateAsync({ brandName })}
      />
      <ImageItem
        title={copy.company.logo}
        currentUrl={company.logoUrl}
        alt={copy.company.logoAlt}
        previewAlt={copy.company.logoPreviewAlt}
        shape="square"
        width={150}
        uploadUrl={COMPANY_LOGO_URL}
        removeUrl={COMPANY_LOGO_URL}
        onDone={refresh}
      />
      <ImageItem
        title={copy.company.homeScreenIcon}
        currentUrl={company.homeScreenIconUrl}
        hint={copy.company.iconHint}
        alt={copy.company.iconAlt}
        previewAlt={copy.company.iconPreviewAlt}
        shape="square"
        width={150}
        uploadUrl={COMPANY_ICON_URL}
        removeUrl={COMPANY_ICON_URL}
        onDone={refresh}
      />
      <ColoursItem
        title={copy.company.themeColours}
        slots={[
          { key: "hexPrimary", label: copy.company.primaryColour, value: company.hexPrimary },
          { key: "hexSecondary", label: copy.company.secondaryColour, value: company.hexSecondary },
        ]}
        guidance={copy.basicSetup.colourGuidance}
        lightWarning={copy.basicSetup.tooLight}
        save={(values) =>
          update.mutateAsync({ hexPrimary: values.hexPrimary ?? null, hexSecondary: values.hexSecondary ?? null })
        }
      />
      <ColoursItem
        title={copy.company.loadingScreenColours}
        slots={[
          { key: "backgroundHex", label: copy.company.backgroundColour, value: company.backgroundHex },
          { key: "fontHex", label: copy.company.fontColour, value: company.fontHex },
        ]}
        preview={(values) => <LoadingPreview values={values} brandName={company.brandName} logoUrl={company.logoUrl} />}
        save={(values) =>
          update.mutateAsync({ backgroundHex: values.backgroundHex ?? null, fontHex: values.fontHex ?? null })
        }
      />
      <TextItem
        title={copy.company.website}
        value={company.website}
        type="url"
        schema={UpdateCompanyRequest.shape.website}
        placeholder={copy.common.urlPlaceholder}
        hint={copy.company.websiteHint}
        save={(website) => update.mutateAsync({ website })}
      />
      <TextItem
        title={copy.company.pms}
        value={company.pms}
        schema={UpdateCompanyRequest.shape.pms}
        hint={copy.company.pmsHint}
        save={(pms) => update.mutateAsync({ pms })}
      />
    </Card>
  );
}

/** /company-profile (CO-01…03): the create link when there is none, otherwise every value editable. */
export function CompanyProfilePage() {
  const company = useCompany();
  return (
    <div className="company-page">
      <BackLink to="/">{copy.common.backToDashboard}</BackLink>
      <div className="page-header">
        <h1>{copy.company.title}</h1>
      </div>
      {company.isPending ? (
        <LoadingScreen />
      ) : company.isError ? (
        <Alert>{copy.common.genericError}</Alert>
      ) : company.data === null ? (
        <div className="company-empty">
          <p>{copy.company.none}</p>
          <ButtonLink to="/create-company">{copy.company.create}</ButtonLink>
        </div>
      ) : (
        <CompanyItems company={company.data} />
      )}
    </div>
  );
}

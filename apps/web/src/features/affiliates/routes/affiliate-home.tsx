import { copy } from "@doorstep/shared/copy";
import type { UserDto } from "@doorstep/shared/schemas/user";
import { Alert } from "../../../components/ui/banner.tsx";
import { icons } from "../../../components/ui/icons.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { Tile, TileGrid } from "../../../components/ui/tile.tsx";
import { useAffiliate } from "../api/get-affiliate.ts";
import { PartnerLink } from "../components/partner-link.tsx";
import "./affiliates.css";

const a = copy.affiliates;

/** / for an affiliate (AFF-10, AFF-11, HOME-01): welcome, the partner link and the affiliate tiles. */
export function AffiliateHome({ user }: { user: UserDto }) {
  const affiliate = useAffiliate();
  return (
    <div className="affiliate-page affiliate-home">
      <h1>{a.welcome(user.firstName)}</h1>
      <div className="stack">
        {affiliate.isPending ? (
          <LoadingScreen />
        ) : affiliate.isError ? (
          <Alert>{copy.common.genericError}</Alert>
        ) : (
          <PartnerLink url={affiliate.data.partnerLink} />
        )}
        <TileGrid>
          <Tile to="/affiliate-stats" title={a.tiles.referrals} icon={icons.chart} />
          <Tile to="/affiliate-assets" title={a.tiles.assets} icon={icons.book} />
          <Tile to="/affiliate-terms" title={a.tiles.terms} icon={icons.gift} />
          <Tile to="/personal-information" title={a.tiles.profile} icon={icons.person} />
          <Tile to="/login-security" title={a.tiles.login} icon={icons.lock} />
          {user.isMaster ? <Tile to="/affiliate-payment-details" title={a.tiles.payment} icon={icons.card} /> : null}
        </TileGrid>
      </div>
    </div>
  );
}

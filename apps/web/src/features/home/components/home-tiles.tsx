import { shellCopy } from "@doorstep/shared/copy/shell";
import type { UserDto } from "@doorstep/shared/schemas/user";
import { icons } from "../../../components/ui/icons.tsx";
import { Tile, TileGrid } from "../../../components/ui/tile.tsx";
import { useStaySummary } from "../api/get-stay-summary.ts";
import { can } from "../../../lib/permissions.ts";

const tiles = shellCopy.home.tiles;

/** The home tiles (HOME-13…15); some only for users with shared content or a master account. */
export function HomeTiles({ user, pendingOrderCount = 0 }: { user: UserDto; pendingOrderCount?: number }) {
  const stays = useStaySummary();
  return (
    <>
      <section className="home-section" aria-labelledby="home-shared">
        <h2 id="home-shared">{shellCopy.home.sharedSection}</h2>
        <TileGrid>
          <Tile to="/property-managers" title={tiles.propertyManagers} icon={icons.people} />
          <Tile to="/company-profile" title={tiles.companyProfile} icon={icons.building} />
          {user.sharedContentPropertyId ? (
            // OPEN-59: the tile opens the user's shared-content property.
            <Tile
              to={`/shared-content/${encodeURIComponent(user.sharedContentPropertyId)}`}
              title={tiles.sharedContent}
              icon={icons.book}
            />
          ) : null}
          <Tile to="/local-area-profiles" title={tiles.localAreaProfiles} icon={icons.pin} />
        </TileGrid>
      </section>
      <section className="home-section" aria-labelledby="home-account">
        <h2 id="home-account">{shellCopy.home.accountSection}</h2>
        <TileGrid>
          <Tile to="/personal-information" title={tiles.personalProfile} icon={icons.person} />
          <Tile to="/login-security" title={tiles.loginDetails} icon={icons.lock} />
          {/* Each tile only for a role that may use it (decision 056). */}
          {can(user, "billing:manage") ? (
            <Tile to="/subscription" title={tiles.subscription} icon={icons.card} />
          ) : null}
          {can(user, "referrals:manage") ? <Tile to="/referrals" title={tiles.referrals} icon={icons.gift} /> : null}
          {can(user, "api-keys:manage") ? <Tile to="/api-keys" title={tiles.apiKeys} icon={icons.key} /> : null}
          {can(user, "team:manage") ? <Tile to="/team" title={tiles.team} icon={icons.people} /> : null}
          {can(user, "activity:read") ? <Tile to="/activity" title={tiles.activity} icon={icons.chart} /> : null}
        </TileGrid>
      </section>
      <section className="home-section" aria-labelledby="home-data">
        <h2 id="home-data">{shellCopy.home.dataSection}</h2>
        <TileGrid>
          <Tile to="/stays" title={tiles.stays} icon={icons.calendar}>
            {stays.data ? tiles.staysUpcoming(stays.data.upcoming) : null}
          </Tile>
          <Tile to="/scheduled-messages" title={tiles.scheduledMessages} icon={icons.mail} />
          <Tile to="/guide-analytics" title={tiles.guideAnalytics} icon={icons.chart} />
          <Tile to="/store" title={tiles.guestStore} icon={icons.gift} />
          <Tile to="/orders" title={tiles.orders} icon={icons.card}>
            {pendingOrderCount > 0 ? tiles.ordersPending(pendingOrderCount) : null}
          </Tile>
        </TileGrid>
      </section>
    </>
  );
}

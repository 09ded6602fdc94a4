import { copy } from "@doorstep/shared/copy";
import { ButtonLink } from "../../../components/ui/button.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { useMe } from "../../../lib/session.ts";

/** /welcome (AUTH-33, XCUT-03, OPEN-11): greets by first name, or generically when logged out. */
export function WelcomePage() {
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  const user = me.data?.user;
  return (
    <div className="auth-card welcome">
      <div className="welcome__mark" aria-hidden="true">
        ✓
      </div>
      <h1>{user ? copy.welcome.title(user.firstName) : copy.welcome.genericTitle}</h1>
      {user ? <p>{copy.welcome.trialActivated}</p> : null}
      <div className="stack">
        {user ? (
          <ButtonLink to="/create-property" block>
            {copy.welcome.createFirstGuide}
          </ButtonLink>
        ) : null}
        <ButtonLink to="/" variant="secondary" block>
          {copy.welcome.goToDashboard}
        </ButtonLink>
      </div>
    </div>
  );
}

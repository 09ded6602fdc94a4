import { copy } from "@doorstep/shared/copy";
import { UpdateEmailRequest } from "@doorstep/shared/schemas/user";
import { Card } from "../../../components/ui/card.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useMe } from "../../../lib/session.ts";
import { useUpdateEmail } from "../api/update-email.ts";
import { PasswordItem } from "../components/password-item.tsx";
import { TextItem } from "../../../components/ui/text-item.tsx";
import "./profile.css";

function emailError(error: unknown): string {
  if (error instanceof ApiError && error.code === "RATE_LIMITED") return copy.common.tooManyRequests;
  // AUTH-46: any failed email change reads the same.
  return copy.loginSecurity.emailNotSaved;
}

/** /login-security, "Login Details" (AUTH-45…47). */
export function LoginSecurityPage() {
  const me = useMe();
  const updateEmail = useUpdateEmail();
  if (!me.data) return <LoadingScreen />;
  return (
    <div className="profile-page">
      <div className="page-header">
        <h1>{copy.loginSecurity.title}</h1>
      </div>
      <Card>
        <TextItem
          title={copy.loginSecurity.email}
          value={me.data.user.email}
          schema={UpdateEmailRequest.shape.email}
          type="email"
          autoComplete="email"
          save={(email) => updateEmail.mutateAsync({ email })}
          errorMessage={emailError}
        />
        <PasswordItem />
      </Card>
    </div>
  );
}

import { copy } from "@doorstep/shared/copy";
import { UpdateProfileRequest } from "@doorstep/shared/schemas/profile";
import { Card } from "../../../components/ui/card.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { useMe } from "../../../lib/session.ts";
import { useUpdateProfile } from "../api/update-profile.ts";
import { PhotoItem } from "../components/photo-item.tsx";
import { TextItem } from "../../../components/ui/text-item.tsx";
import { PhoneItem } from "../../../components/phone-field.tsx";
import { can } from "../../../lib/permissions.ts";
import { DeleteAccount, DownloadData } from "../components/delete-account.tsx";
import "./profile.css";

/** /personal-information, "Personal Profile" (AUTH-40…44). */
export function PersonalInformationPage() {
  const me = useMe();
  const update = useUpdateProfile();
  if (!me.data) return <LoadingScreen />;
  const { user } = me.data;
  return (
    <div className="profile-page">
      <div className="page-header">
        <h1>{copy.profile.title}</h1>
      </div>
      <Card>
        <TextItem
          title={copy.profile.firstName}
          value={user.firstName}
          schema={UpdateProfileRequest.shape.firstName}
          autoComplete="given-name"
          save={(firstName) => update.mutateAsync({ firstName })}
        />
        <TextItem
          title={copy.profile.lastName}
          value={user.lastName}
          schema={UpdateProfileRequest.shape.lastName}
          autoComplete="family-name"
          save={(lastName) => update.mutateAsync({ lastName })}
        />
        <PhoneItem
          title={copy.profile.tel}
          value={user.tel}
          schema={UpdateProfileRequest.shape.tel}
          save={(tel) => update.mutateAsync({ tel })}
        />
        <PhotoItem photoUrl={user.photoUrl} />
      </Card>
      {can(user, "account:own") ? (
        <>
          <DownloadData />
          <DeleteAccount />
        </>
      ) : null}
    </div>
  );
}

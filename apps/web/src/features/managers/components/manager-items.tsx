import { copy } from "@doorstep/shared/copy";
import { UpdateManagerRequest, type ManagerDto } from "@doorstep/shared/schemas/manager";
import { ImageItem } from "../../../components/ui/image-item.tsx";
import { TextItem } from "../../../components/ui/text-item.tsx";
import { PhoneItem } from "../../../components/phone-field.tsx";
import { managerPhotoUrl, useRefreshManagers } from "../../../api/managers/manager-photo.ts";
import { useUpdateManager } from "../../../api/managers/update-manager.ts";

/** The manager's editable values (MGR-07, MGR-08, MGR-11): name, photo, email, phone and message link. */
export function ManagerItems({ manager }: { manager: ManagerDto }) {
  const update = useUpdateManager();
  const refresh = useRefreshManagers();
  const { vanityId } = manager;
  const save =
    (field: "firstName" | "lastName" | "email" | "tel" | "messageAppName" | "messageAppLink") => (value: string) =>
      update.mutateAsync({ vanityId, body: { [field]: value } });
  const errorMessage = () => copy.managers.saveError;
  return (
    <>
      <TextItem
        title={copy.managers.firstName}
        value={manager.firstName}
        schema={UpdateManagerRequest.shape.firstName}
        save={save("firstName")}
        errorMessage={errorMessage}
      />
      <TextItem
        title={copy.managers.lastName}
        value={manager.lastName}
        schema={UpdateManagerRequest.shape.lastName}
        save={save("lastName")}
        errorMessage={errorMessage}
      />
      <ImageItem
        title={copy.managers.photo}
        currentUrl={manager.photoUrl}
        alt={copy.managers.photoAlt}
        previewAlt={copy.managers.photoPreviewAlt}
        shape="round"
        width={100}
        uploadUrl={managerPhotoUrl(vanityId)}
        removeUrl={managerPhotoUrl(vanityId)}
        onDone={refresh}
      />
      <TextItem
        title={copy.managers.email}
        value={manager.email}
        type="email"
        schema={UpdateManagerRequest.shape.email}
        hint={copy.managers.blankHidesHint}
        save={save("email")}
        errorMessage={errorMessage}
      />
      <PhoneItem
        title={copy.managers.tel}
        value={manager.tel}
        schema={UpdateManagerRequest.shape.tel}
        hint={copy.managers.blankHidesHint}
        save={save("tel")}
        errorMessage={errorMessage}
      />
      <TextItem
        title={copy.managers.messageAppName}
        value={manager.messageAppName}
        schema={UpdateManagerRequest.shape.messageAppName}
        save={save("messageAppName")}
        errorMessage={errorMessage}
      />
      <TextItem
        title={copy.managers.messageAppLink}
        value={manager.messageAppLink}
        type="url"
        schema={UpdateManagerRequest.shape.messageAppLink}
        hint={copy.managers.messageLinkHint}
        save={save("messageAppLink")}
        errorMessage={errorMessage}
      />
    </>
  );
}

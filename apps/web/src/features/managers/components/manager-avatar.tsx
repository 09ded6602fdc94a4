import { imageAtWidth, initialsOf } from "../../../lib/format.ts";

/** A manager's photo, or their initials in a circle (MGR-02). Decorative: the name is always next to it. */
export function ManagerAvatar({
  firstName,
  lastName,
  photoUrl,
  size = 56,
}: {
  firstName: string;
  lastName: string;
  photoUrl: string | null;
  size?: number;
}) {
  return photoUrl ? (
    <img className="manager-avatar" src={imageAtWidth(photoUrl, 100)} alt="" width={size} height={size} />
  ) : (
    <span className="manager-avatar manager-avatar--initials" style={{ width: size, height: size }} aria-hidden="true">
      {initialsOf(firstName, lastName)}
    </span>
  );
}

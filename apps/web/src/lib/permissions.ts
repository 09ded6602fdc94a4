import type { Permission } from "@doorstep/shared/rules/permissions";
import type { UserDto } from "@doorstep/shared/schemas/user";

/**
 * Whether the signed-in person's role allows `permission` (decision 056): the dashboard shows only what they
 * may do. The server enforces the same table; this only hides what it would refuse.
 */
export function can(user: Pick<UserDto, "permissions">, permission: Permission): boolean {
  return user.permissions.includes(permission);
}

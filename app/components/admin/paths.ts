/** The business-profile admin's addresses (issue 26). */
export const ADMIN_PATH = "/admin";
export const NEW_PROFILE_PATH = "/admin/new";
export const profilePath = (id: number) => `${ADMIN_PATH}/business-profiles/${id}`;

import type { UserInfo } from '../contract/order.ts';

export type AdminFacts = Pick<UserInfo, 'adminUser'>;

/** spec 1 §1: an admin's user info carries adminUser equal to the string 'true'. */
export const isAdmin = (user: AdminFacts): boolean => user.adminUser === 'true';

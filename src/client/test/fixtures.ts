/** Users for client tests. */
import { ALL_PERMISSIONS } from '../../shared/permissions.js';
import type { User } from '../../shared/schemas/auth.js';

/** The system admin: every permission. */
export const admin: User = {
  id: 1,
  name: 'System Administrator',
  username: 'admin',
  phone: '9800000001',
  email: null,
  gender: 'male',
  userType: 'systemadmin',
  wardId: null,
  photoFileId: null,
  citizenshipFileId: null,
  lang: 'en-US',
  roles: ['systemadmin'],
  permissions: [...ALL_PERMISSIONS],
};

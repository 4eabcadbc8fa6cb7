import { adminHome, adminNavigation } from '../navigation';
import { RoleShell } from './RoleShell';

export function AdminShell() {
  return (
    <RoleShell
      sections={adminNavigation}
      home={adminHome}
      signInPath="/admin-login"
      areaLabel="Back-office"
    />
  );
}

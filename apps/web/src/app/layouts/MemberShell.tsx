import { useSession } from '../../modules/auth/hooks/useSession';
import { memberHome, memberNavigation } from '../navigation';
import { RoleShell } from './RoleShell';

export function MemberShell() {
  const session = useSession();
  const sections = memberNavigation(session?.account.id ?? 0);
  return <RoleShell sections={sections} home={memberHome} signInPath="/login" areaLabel="Member area" />;
}

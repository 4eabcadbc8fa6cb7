import { TokenScreen } from '../../modules/token/components/TokenScreen';

/** /admin/token: the token screen with Update Price; admins hold no SGX, so no portfolio or trading. */
export default function TokenPage() {
  return <TokenScreen mode="admin" />;
}

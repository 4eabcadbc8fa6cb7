import { TokenScreen } from '../../modules/token/components/TokenScreen';

/** /user/token: the token screen for members, with their portfolio, Buy and Sell (no Update Price). */
export default function TokenPage() {
  return <TokenScreen mode="member" />;
}

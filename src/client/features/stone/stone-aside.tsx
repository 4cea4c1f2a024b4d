import { stoneNotificationsAddress, stonePushAddress } from '../../../shared/api-routes';
import { Card } from '../../ui/card';
import { OwnerLinkRequest } from '../owner-link/owner-link-request';
import { ShareButtons } from '../share/share-buttons';
import { SubscribeCard } from '../subscribe/subscribe-card';
import { JourneyLinks } from './journey-links';

/**
 * The stone page's side column: follow the stone, share it or take its journey along, ask for the owner link. The page loads it lazily (it
 * is rendered on the server and hydrated once its module has arrived), so none of it weighs on the page's first
 * JavaScript: a finder logs the find first. Its texts come with it (a namespace of their own), not with the page's.
 */
export default function StoneAside({ code, title }: { code: string; title: string }) {
  return (
    <>
      <SubscribeCard path={stoneNotificationsAddress(code)} push={{ address: stonePushAddress(code), target: `stone:${code}` }} />
      <Card className="space-y-4">
        <ShareButtons code={code} title={title} />
        <JourneyLinks code={code} />
      </Card>
      <OwnerLinkRequest code={code} />
    </>
  );
}

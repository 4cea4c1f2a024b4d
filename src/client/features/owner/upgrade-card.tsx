import { FormattedMessage } from '../../lib/intl-react';
import { useRouter } from '../../lib/router';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { keepUpgrade } from '../creator/pending-stone';

/** A feature the stone lacks, explained, with the way to buy it (5 €) through the same checkout. */
export function UpgradeCard({ token, feature }: { token: string; feature: 'photos' | 'story' }) {
  const { navigate } = useRouter();
  const buy = () => {
    keepUpgrade(token);
    const features = { photos: feature === 'photos', story: feature === 'story' };
    navigate(`/checkout?${new URLSearchParams({ amount: '5', features: JSON.stringify(features), upgrade: '1' }).toString()}`);
  };
  return (
    <Card>
      <p className="text-stone-700">
        <FormattedMessage id={feature === 'photos' ? 'owner.photos.locked' : 'owner.story.locked'} />
      </p>
      <Button className="mt-3" variant="secondary" onClick={buy}>
        <FormattedMessage id={feature === 'photos' ? 'owner.buy.photos' : 'owner.buy.story'} />
      </Button>
    </Card>
  );
}

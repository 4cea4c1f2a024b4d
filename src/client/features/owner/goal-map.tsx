import { useEffect } from 'react';
import type { OwnerStoneView } from '../../../shared/types';
import { useIntl } from '../../lib/intl-react';
import { LazyMapFrame, useLazyMap } from '../stone-map/lazy-map';

/** The map shows the journey as the stone page does; a chosen place at the same zoom (the goal is a town). */
const ZOOM = 10;
/** A chosen place stays marked on the map until another is chosen. */
const MARKED_MS = 24 * 60 * 60 * 1000;

/**
 * The goal card's map (loaded with its texts when the card renders, not with the owner page): the journey, the goal
 * with the way still to go, and a click chooses a place.
 */
export default function GoalMap({
  stone,
  chosen,
  onPick,
}: {
  stone: Pick<OwnerStoneView, 'journey' | 'goal'>;
  chosen: { latitude: number; longitude: number } | null;
  onPick: (position: { latitude: number; longitude: number }) => void;
}) {
  const intl = useIntl();
  const map = useLazyMap(onPick);
  useEffect(() => {
    map.handle?.showFinds({ finds: [], findCount: 0, journey: stone.journey, goal: stone.goal }, ZOOM);
  }, [map.handle, stone.journey, stone.goal]);
  useEffect(() => {
    if (map.handle && chosen) map.handle.showSelection(chosen, ZOOM, MARKED_MS);
  }, [map.handle, chosen]);
  return <LazyMapFrame map={map} label={intl.formatMessage({ id: 'owner.goal.map' })} testId="owner-goal-map" />;
}

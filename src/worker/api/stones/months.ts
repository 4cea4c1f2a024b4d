import { haversineKm } from '../../../shared/geo';
import type { JourneyMonth } from '../../../shared/journey-view';

/** A counted public find as the months read it: its stone (a collection has several), when, and where. */
export interface MonthFind {
  stoneId?: string;
  createdAt: Date | string;
  latitude: number | null;
  longitude: number | null;
}

const MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' });

/** "2026-05": the month of a moment, German time (the app's dates are). */
const monthOf = (at: Date | string) => MONTH.format(new Date(at)).slice(0, 7);

/**
 * The journey month by month since `since` (a stone's or a collection's creation) up to `now`, every month listed,
 * the quiet ones with nothing: the counted public finds of each month and the kilometres of the legs that ended in
 * it, each leg from the stone's previous find with a position (so the months add up to the stone's distance). `finds`
 * come in each stone's journey order; one read the page makes anyway (the owner's finds, the collection's), no query
 * more.
 */
export function journeyMonths(finds: readonly MonthFind[], since: Date | string, now = new Date()): JourneyMonth[] {
  const months = new Map<string, { finds: number; km: number }>();
  const last = monthOf(now);
  let [year = 0, month = 0] = monthOf(since).split('-').map(Number);
  for (let key = monthOf(since); key <= last; key = `${year}-${String(month).padStart(2, '0')}`) {
    months.set(key, { finds: 0, km: 0 });
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  const previous = new Map<string, { latitude: number; longitude: number }>();
  for (const find of finds) {
    const key = monthOf(find.createdAt);
    let entry = months.get(key);
    if (!entry) {
      entry = { finds: 0, km: 0 };
      months.set(key, entry);
    }
    entry.finds += 1;
    if (find.latitude === null || find.longitude === null || (find.latitude === 0 && find.longitude === 0)) continue;
    const here = { latitude: find.latitude, longitude: find.longitude };
    const before = previous.get(find.stoneId ?? '');
    if (before) entry.km += haversineKm(before, here);
    previous.set(find.stoneId ?? '', here);
  }
  return [...months]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => ({ month: key, finds: value.finds, km: Math.round(value.km * 10) / 10 }));
}

import { type KeyboardEvent, useState } from 'react';
import { geocodeAddress } from '../../../shared/api-routes-find-form';
import type { Precision } from '../../../shared/schemas/precision';
import { ApiRequestError, api } from '../../lib/api';
import type { Coordinates } from '../../lib/geolocation';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { useToast } from '../../ui/toast';

export interface PickedLocation extends Coordinates {
  label: string;
  /** The country the geocoder named for it (ISO 3166-1 alpha-2); absent for a place typed by hand. */
  countryCode?: string | null;
  /** Its names at the coarser precisions ('' where nothing may be published); null or absent: not known yet. */
  places?: Partial<Record<Exclude<Precision, 'exact'>, string | null>>;
}

/** The find's location from an address typed in, found by the geocoder; Enter searches. */
export function AddressSearch({ onPick, hydrated }: { onPick: (location: PickedLocation) => void; hydrated: boolean }) {
  const intl = useIntl();
  const toast = useToast();
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const searchAddress = async () => {
    const query = address.trim();
    if (!query) {
      setAddressError(intl.formatMessage({ id: 'stone.find.addressRequired' }));
      return;
    }
    setAddressError(null);
    setSearching(true);
    try {
      // With the names at the coarser precisions (`places`), so choosing km or town needs no second call.
      const place = await api(geocodeAddress(query));
      onPick(place);
    } catch (error) {
      // Nothing found, or the search failed: the address text is the location, at 0, 0.
      onPick({ label: query, latitude: 0, longitude: 0 });
      if (error instanceof ApiRequestError && error.status === 404) {
        toast({ title: intl.formatMessage({ id: 'stone.find.addressNotFound' }) });
      }
    } finally {
      setSearching(false);
    }
  };
  const searchOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter here searches the address; it does not send the find.
    event.preventDefault();
    void searchAddress();
  };

  return (
    <div className="flex items-end gap-2">
      <div className="flex-1">
        <TextField
          label={intl.formatMessage({ id: 'stone.find.address' })}
          name="address"
          type="search"
          autoComplete="street-address"
          placeholder={intl.formatMessage({ id: 'stone.find.addressPlaceholder' })}
          value={address}
          maxLength={200}
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={searchOnEnter}
          error={addressError}
        />
      </div>
      <Button variant="secondary" onClick={searchAddress} disabled={searching || !hydrated}>
        <FormattedMessage id={searching ? 'stone.find.addressSearching' : 'stone.find.addressSearch'} />
      </Button>
    </div>
  );
}

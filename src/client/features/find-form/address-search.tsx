import { type KeyboardEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Address } from '../../../shared/api-routes';
import { ApiRequestError, api } from '../../lib/api';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { useToast } from '../../ui/toast';
import type { PickedLocation } from './find-form';

/** The find's location from an address typed in, found by the geocoder (spec §5); Enter searches. */
export function AddressSearch({ onPick, hydrated }: { onPick: (location: PickedLocation) => void; hydrated: boolean }) {
  const intl = useIntl();
  const toast = useToast();
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const searchAddress = async () => {
    const query = address.trim();
    if (!query) {
      setAddressError(intl.formatMessage({ id: 'findForm.addressRequired' }));
      return;
    }
    setAddressError(null);
    setSearching(true);
    try {
      // With the names at the coarser precisions (`places`), so choosing km or town needs no second call.
      const place = await api(`/api/geocode?q=${encodeURIComponent(query)}` as Address<'/api/geocode'>);
      onPick(place);
    } catch (error) {
      // Spec §5: nothing found, or the search failed: the address text is the location, at 0, 0.
      onPick({ label: query, latitude: 0, longitude: 0 });
      if (error instanceof ApiRequestError && error.status === 404) {
        toast({ title: intl.formatMessage({ id: 'findForm.addressNotFound' }) });
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
          label={intl.formatMessage({ id: 'findForm.address' })}
          name="address"
          type="search"
          autoComplete="street-address"
          placeholder={intl.formatMessage({ id: 'findForm.addressPlaceholder' })}
          value={address}
          maxLength={200}
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={searchOnEnter}
          error={addressError}
        />
      </div>
      <Button variant="secondary" onClick={searchAddress} disabled={searching || !hydrated}>
        <FormattedMessage id={searching ? 'findForm.addressSearching' : 'findForm.addressSearch'} />
      </Button>
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { ReportedFind } from '../../../../shared/types';
import { apiResponse } from '../../../lib/api';
import { FormattedMessage, useIntl } from '../../../lib/intl-react';
import { Button } from '../../../ui/button';
import { readOperatorToken } from '../session';

type Photo = NonNullable<ReportedFind['find']['photo']>;

/**
 * A reported find's photo, perhaps not yet approved by the stone's owner: its bytes come only with the operator's
 * token, so the page fetches them when the operator asks and shows them from memory.
 */
export function ReportPhoto({ photo }: { photo: Photo }) {
  const intl = useIntl();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);

  const show = async () => {
    if (!photo.url) return;
    try {
      const response = await apiResponse(photo.url, { headers: { Authorization: `Bearer ${readOperatorToken() ?? ''}` } });
      setSrc(URL.createObjectURL(await response.blob()));
    } catch {
      setFailed(true);
    }
  };

  return (
    <div className="space-y-2">
      <p className="text-stone-600">
        <FormattedMessage id={`operator.reports.photo.${photo.status}`} />
      </p>
      {src ? (
        <img
          src={src}
          alt={intl.formatMessage({ id: 'operator.reports.photo.alt' })}
          className="max-h-64 rounded-lg border border-stone-200"
        />
      ) : photo.url ? (
        <Button variant="secondary" onClick={() => void show()}>
          <FormattedMessage id="operator.reports.photo.show" />
        </Button>
      ) : null}
      {failed ? (
        <p role="alert" className="text-red-700">
          <FormattedMessage id="operator.reports.photo.failed" />
        </p>
      ) : null}
    </div>
  );
}

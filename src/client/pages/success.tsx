import { useEffect, useRef, useState } from 'react';
import { qrCodeAddress, stonesAddress } from '../../shared/api-routes';
import { isValidCode } from '../../shared/code';
import { queries } from '../../shared/queries';
import { pathTo } from '../../shared/routes';
import { clearPendingStone, completePendingStone, ownerTokenOf, pendingPhotos, pendingUpgrade } from '../features/creator/pending-stone';
import { ShareButtons } from '../features/share/share-buttons';
import { api } from '../lib/api';
import { copyText } from '../lib/clipboard';
import { useConfig } from '../lib/config';
import { FormattedMessage, useIntl } from '../lib/intl-react';
import { useQueryClient } from '../lib/query';
import { Link, useRouter } from '../lib/router';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/toast';

/** Pixels of the downloadable PNG: 10 cm at 300 dpi would be 1181, comfortably above any label size. */
const PNG_SIZE = 1200;

export default function SuccessPage() {
  const { location } = useRouter();
  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  const paymentIntent = params.get('payment_intent');
  if (!code && paymentIntent) return <PaidReturn paymentIntent={paymentIntent} />;
  if (!code || !isValidCode(code)) {
    return (
      <p role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
        <FormattedMessage id="core.stone.notFound.text" />
      </p>
    );
  }
  return <Ready code={code} paid={params.get('paid') === 'true'} />;
}

/**
 * Back from the card provider: the stone is created now — the server checks the payment with Stripe —
 * then the photos kept in memory go up with the owner link, and the address becomes /success?code=…&paid=true.
 */
function PaidReturn({ paymentIntent }: { paymentIntent: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { navigate } = useRouter();
  const [uploading, setUploading] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = async () => {
      let code: string;
      let upgraded = false;
      try {
        // After payment the answer is a paid stone's: its code, and whether it was an existing stone's upgrade.
        const paid: { code: string; upgraded?: boolean } = await api(stonesAddress(), {
          method: 'POST',
          json: { isPaid: true, paymentIntentId: paymentIntent },
        });
        ({ code, upgraded = false } = paid);
      } catch {
        // Creation after payment failed. The webhook still makes the stone if the payment went through.
        navigate('/?error=payment-failed', { replace: true });
        return;
      }
      const upgradeToken = pendingUpgrade();
      if (upgraded && upgradeToken) {
        // A feature bought for an existing stone: back to its owner page, with what it shows now.
        clearPendingStone();
        await queryClient.invalidateQueries({ queryKey: queries.ownerStone(upgradeToken).key });
        toast({ title: intl.formatMessage({ id: 'creation.success.upgraded' }) });
        navigate(pathTo('owner', { ownerToken: upgradeToken }), { replace: true });
        return;
      }
      setUploading(pendingPhotos().length > 0);
      if (!(await completePendingStone(code)))
        toast({ title: intl.formatMessage({ id: 'creation.success.uploadFailed' }), variant: 'error' });
      navigate(`/success?code=${encodeURIComponent(code)}&paid=true`, { replace: true });
    };
    void finish();
  });

  return (
    <div role="status" className="mx-auto flex max-w-xl items-center justify-center gap-3 px-4 py-24 text-stone-700">
      <Spinner />
      <FormattedMessage id={uploading ? 'creation.success.uploading' : 'creation.success.creating'} />
    </div>
  );
}

async function downloadPng(svgUrl: string, code: string): Promise<void> {
  const image = new Image();
  image.src = svgUrl;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = PNG_SIZE;
  canvas.height = PNG_SIZE;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, PNG_SIZE, PNG_SIZE);
  // Nearest neighbour: the modules stay sharp squares at print size.
  context.imageSmoothingEnabled = false;
  context.drawImage(image, 0, 0, PNG_SIZE, PNG_SIZE);
  const link = document.createElement('a');
  link.href = canvas.toDataURL('image/png');
  link.download = `${code}.png`;
  link.click();
}

function Ready({ code, paid }: { code: string; paid: boolean }) {
  const intl = useIntl();
  const toast = useToast();
  const { siteUrl } = useConfig();
  const [ownerToken, setOwnerToken] = useState<string | null>(null);
  // Session storage exists only in the browser: the owner link appears after hydration.
  useEffect(() => setOwnerToken(ownerTokenOf(code)), [code]);
  const qrUrl = qrCodeAddress(code);
  const ownerUrl = ownerToken ? `${siteUrl.replace(/\/$/, '')}${pathTo('owner', { ownerToken: ownerToken })}` : null;

  const copyOwner = async () => {
    if (ownerUrl && (await copyText(ownerUrl))) toast({ title: intl.formatMessage({ id: 'stone-aside.share.copied' }) });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-12">
      <header>
        <h1 className="text-3xl font-bold sm:text-4xl">
          <FormattedMessage id="creation.success.title" />
        </h1>
        {paid ? (
          <p className="mt-2 text-stone-700">
            <FormattedMessage id="creation.success.paid" />
          </p>
        ) : null}
      </header>
      <Card>
        <p className="text-sm text-stone-600">
          <FormattedMessage id="creation.success.code" />
        </p>
        <p className="mt-1 font-mono text-4xl font-bold tracking-widest" data-testid="success-code">
          {code}
        </p>
        <Link href={pathTo('stone', { code })} className="mt-3 inline-block text-amber-800 underline">
          <FormattedMessage id="creation.success.toStone" />
        </Link>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">
          <FormattedMessage id="creation.success.qr" />
        </h2>
        <img
          src={qrUrl}
          alt={intl.formatMessage({ id: 'creation.success.qrAlt' }, { code })}
          width={240}
          height={240}
          className="mt-3 size-60 bg-white"
        />
        <div className="mt-4 flex flex-wrap gap-2">
          <a
            href={qrUrl}
            download={`${code}.svg`}
            className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm hover:bg-stone-100"
          >
            <FormattedMessage id="creation.success.downloadSvg" />
          </a>
          <Button variant="secondary" onClick={() => void downloadPng(qrUrl, code)}>
            <FormattedMessage id="creation.success.downloadPng" />
          </Button>
          <Link
            href={pathTo('label', { code })}
            className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm hover:bg-stone-100"
          >
            <FormattedMessage id="creation.success.label" />
          </Link>
        </div>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">
          <FormattedMessage id="creation.success.ownerLink" />
        </h2>
        {ownerUrl ? (
          <>
            <p role="note" className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <FormattedMessage id="creation.success.ownerWarning" />
            </p>
            <p className="mt-3 break-all font-mono text-sm" data-testid="owner-link">
              <a href={ownerUrl} rel="noreferrer" className="text-amber-800 underline">
                {ownerUrl}
              </a>
            </p>
            <Button variant="secondary" className="mt-3" onClick={() => void copyOwner()}>
              <FormattedMessage id="creation.success.copyOwner" />
            </Button>
          </>
        ) : (
          <p className="mt-2 text-sm text-stone-600">
            <FormattedMessage id="creation.success.ownerMissing" />
          </p>
        )}
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">
          <FormattedMessage id="creation.success.share" />
        </h2>
        <div className="mt-3">
          <ShareButtons code={code} title={code} />
        </div>
      </Card>
    </div>
  );
}

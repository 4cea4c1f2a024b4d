import QrScanner from 'qr-scanner';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { codeFromScan } from '../../../shared/code';

/** Spec §9: scanning starts after 1 s and scans every 500 ms (2 per second). */
export const SCAN_START_DELAY_MS = 1000;
const SCANS_PER_SECOND = 2;

type Problem = 'unavailable' | 'failed' | null;

/** Camera QR scanning (rear camera preferred); reports the first scanned text that holds a stone code. */
export default function QrScan({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('unavailable');
      return;
    }
    let scanner: QrScanner | null = null;
    let done = false;
    const timer = setTimeout(() => {
      if (!video.current) return;
      scanner = new QrScanner(
        video.current,
        (result) => {
          const code = codeFromScan(result.data);
          if (code && !done) {
            done = true;
            scanner?.stop();
            onCodeRef.current(code);
          }
        },
        { preferredCamera: 'environment', maxScansPerSecond: SCANS_PER_SECOND, returnDetailedScanResult: true },
      );
      scanner.start().catch(() => setProblem('failed'));
    }, SCAN_START_DELAY_MS);
    return () => {
      clearTimeout(timer);
      scanner?.destroy();
    };
  }, []);

  if (problem) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        <p className="font-semibold">
          <FormattedMessage id={problem === 'unavailable' ? 'camera.unavailable' : 'camera.error'} />
        </p>
        {problem === 'failed' ? (
          <p>
            <FormattedMessage id="camera.errorHint" />
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <video ref={video} muted playsInline className="aspect-video w-full rounded-lg bg-stone-900 object-cover" data-testid="qr-video" />
      <p className="text-sm text-stone-600">
        <FormattedMessage id="camera.hint" />
      </p>
    </div>
  );
}

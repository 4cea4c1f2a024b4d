import QrScanner from 'qr-scanner';
import { useEffect, useRef, useState } from 'react';
import { codeFromScan } from '../../../shared/code-entry';
import { FormattedMessage } from '../../lib/intl-react';

/** Scanning starts after 1 s and scans every 500 ms (2 per second). */
export const SCAN_START_DELAY_MS = 1000;
export const SCAN_INTERVAL_MS = 500;

/** The rear camera preferred, ideally 1280x720 — preferences, so any camera still works. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
};

/** No camera API; the camera refused or failed; the QR decoder's code could not be loaded. */
type Problem = 'unavailable' | 'failed' | 'decoder' | null;

/**
 * Camera QR scanning: reports the first scanned text that holds a stone code. A QR code without one shows the
 * invalid-code message (once per distinct text) while scanning goes on.
 */
export default function QrScan({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [notACode, setNotACode] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('unavailable');
      return;
    }
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastRejected: string | null = null;
    const canvas = document.createElement('canvas');
    // Every scan reads the frame back for the decoder: a CPU-side canvas suits that (qr-scanner reuses this context).
    canvas.getContext('2d', { alpha: false, willReadFrequently: true });
    // The decoder (native BarcodeDetector or qr-scanner's worker chunk) loads while the camera starts.
    // (A failed download is reported by the scan that awaits it; mark it handled meanwhile.)
    const loadDecoder = () => {
      const decoder = QrScanner.createQrEngine();
      decoder.catch(() => undefined);
      return decoder;
    };
    let engine = loadDecoder();

    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
      if (video.current) video.current.srcObject = null;
    };

    const fail = (reason: 'failed' | 'decoder') => {
      if (stopped) return;
      stop();
      setProblem(reason);
    };

    const read = (text: string) => {
      const code = codeFromScan(text);
      if (code) {
        stop();
        onCodeRef.current(code);
      } else if (text !== lastRejected) {
        lastRejected = text;
        setNotACode(text);
      }
    };

    const scan = async () => {
      const started = Date.now();
      const element = video.current;
      if (element && element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && element.videoWidth > 0) {
        let decoder: Awaited<typeof engine>;
        try {
          decoder = await engine;
        } catch (error) {
          // The decoder's code could not be downloaded (offline, or replaced by a new release): say so, stop.
          console.warn('QR decoder could not be loaded', error);
          fail('decoder');
          return;
        }
        try {
          const result = await QrScanner.scanImage(element, {
            scanRegion: centreSquare(element),
            qrEngine: decoder,
            canvas,
            returnDetailedScanResult: true,
          });
          if (!stopped) read(result.data);
        } catch {
          // No QR code in this frame (or the decoder could not read it): try the next one.
        }
        // A native detector the browser lists but cannot run makes qr-scanner switch it off and decode this frame
        // with a throwaway worker; use one worker from now on instead of one per frame (as QrScanner itself does).
        if (!(decoder instanceof Worker) && (QrScanner as unknown as { _disableBarcodeDetector?: boolean })._disableBarcodeDetector) {
          engine = loadDecoder();
        }
      }
      if (!stopped) timer = setTimeout(() => void scan(), Math.max(0, SCAN_INTERVAL_MS - (Date.now() - started)));
    };

    navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS).then(
      (camera) => {
        if (stopped) {
          for (const track of camera.getTracks()) track.stop();
          return;
        }
        stream = camera;
        const element = video.current;
        if (!element) return;
        element.srcObject = camera;
        // Muted inline video may autoplay; an interrupted play() (the dialog closing) needs no report.
        element.play().catch(() => undefined);
      },
      () => fail('failed'),
    );
    timer = setTimeout(() => void scan(), SCAN_START_DELAY_MS);

    return () => {
      stop();
      void engine.then(
        (decoder) => decoder instanceof Worker && decoder.terminate(),
        () => undefined,
      );
    };
  }, []);

  if (problem) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        <p className="font-semibold">
          <FormattedMessage id={problem === 'unavailable' ? 'find-dialog.camera.unavailable' : 'find-dialog.camera.error'} />
        </p>
        {problem === 'failed' ? (
          <p>
            <FormattedMessage id="find-dialog.camera.errorHint" />
          </p>
        ) : null}
        {problem === 'decoder' ? (
          <p>
            <FormattedMessage id="find-dialog.camera.decoderFailed" />
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <video ref={video} muted playsInline className="aspect-video w-full rounded-lg bg-stone-900 object-cover" data-testid="qr-video" />
      <p className="text-sm text-stone-600">
        <FormattedMessage id="find-dialog.camera.hint" />
      </p>
      {notACode !== null ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">
            <FormattedMessage id="find-dialog.code.invalid.title" />
          </p>
          <p>
            <FormattedMessage id="find-dialog.code.invalid.text" />
          </p>
          <p className="mt-1 break-all text-red-800">
            <FormattedMessage id="find-dialog.camera.scannedText" values={{ text: notACode }} />
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** The middle two thirds of the picture, downscaled to 400 px — what qr-scanner itself scans in a video. */
function centreSquare(element: HTMLVideoElement): QrScanner.ScanRegion {
  const side = Math.round((2 / 3) * Math.min(element.videoWidth, element.videoHeight));
  return {
    x: Math.round((element.videoWidth - side) / 2),
    y: Math.round((element.videoHeight - side) / 2),
    width: side,
    height: side,
    downScaledWidth: QrScanner.DEFAULT_CANVAS_SIZE,
    downScaledHeight: QrScanner.DEFAULT_CANVAS_SIZE,
  };
}

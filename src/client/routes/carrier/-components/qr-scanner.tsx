// Scans the traveller's hand-off QR with the camera through the browser's BarcodeDetector, where
// the browser offers it (Chrome on Android, among others). Elsewhere the code is typed.
import { useEffect, useRef, useState } from 'react';
import { useT } from '@/client/i18n/i18n';
import { codeFromQrText } from '@/domain/handoff/code';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorCtor | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
}

/** Whether this browser can scan: a BarcodeDetector and a camera API. */
export function canScanQr(): boolean {
  return detectorClass() !== undefined && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

const SCAN_INTERVAL_MS = 250;

export function QrScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const t = useT('carrier');
  const [noCamera, setNoCamera] = useState(false);
  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped) {
          for (const t of s.getTracks()) t.stop();
          return;
        }
        const el = video.current;
        if (!el) return;
        el.srcObject = s;
        await el.play();
        timer = setInterval(() => {
          void detector.detect(el).then(
            (found) => {
              for (const b of found) {
                const code = codeFromQrText(b.rawValue);
                if (code && !stopped) {
                  stopped = true;
                  onCode(code);
                  return;
                }
              }
            },
            () => {},
          );
        }, SCAN_INTERVAL_MS);
      })
      .catch(() => setNoCamera(true));
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, [onCode]);
  return (
    <div className="flex flex-col gap-2">
      {noCamera ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t('carrier.scan.noCamera')}
        </p>
      ) : (
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('carrier.scan.video')}
          className="aspect-square w-full rounded-lg bg-slate-900 object-cover"
        />
      )}
      <button
        type="button"
        onClick={onClose}
        className="self-start text-sm font-semibold text-brand-700 hover:underline"
      >
        {t('carrier.scan.type')}
      </button>
    </div>
  );
}

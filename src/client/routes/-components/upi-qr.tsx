// A `upi://pay` link as a QR code any UPI app scans, drawn on the device as one SVG path (no
// network: it shows at a gate with no signal). Loaded lazily (React.lazy) with the payment panel,
// so the QR encoder never weighs on the first screen.
import { useMemo } from 'react';
import { encode } from 'uqr';

export default function UpiQr({ link, label }: { link: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(link, { ecc: 'M', border: 4 });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { size: qr.size, path: d };
  }, [link]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-upi-link={link}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-52 rounded-lg bg-white"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}

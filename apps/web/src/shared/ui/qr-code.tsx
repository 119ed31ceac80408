import { QRCodeSVG } from 'qrcode.react';

/** A QR code of `value`, dark on white whatever the theme (what phone cameras read best). Loaded lazily. */
export default function QrCode({ value, label }: { value: string; label: string }) {
  return (
    <div className="rounded-xl bg-white p-3">
      <QRCodeSVG value={value} size={176} marginSize={0} title={label} role="img" aria-label={label} />
    </div>
  );
}

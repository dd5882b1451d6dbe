// Decorative illustration (inline SVG, no network): a plane over clouds with a suitcase.
export function TravelArt({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 320" className={className} aria-hidden="true" preserveAspectRatio="xMidYMid slice">
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#134e4a" />
          <stop offset="1" stopColor="#0d9488" />
        </linearGradient>
      </defs>
      <rect width="400" height="320" fill="url(#sky)" />
      <circle cx="320" cy="70" r="34" fill="#fb923c" opacity="0.9" />
      <g fill="#ccfbf1" opacity="0.35">
        <ellipse cx="80" cy="250" rx="90" ry="28" />
        <ellipse cx="170" cy="262" rx="80" ry="24" />
        <ellipse cx="330" cy="240" rx="100" ry="30" />
      </g>
      <path
        d="M40 150 Q 200 60 360 120"
        fill="none"
        stroke="#99f6e4"
        strokeWidth="2"
        strokeDasharray="6 8"
        opacity="0.7"
      />
      <g transform="translate(212 92) rotate(-12)">
        <path d="M0 14 L70 10 Q84 10 84 16 Q84 22 70 22 L0 18 Z" fill="#f0fdfa" />
        <path d="M34 12 L18 -12 L28 -12 L52 12 Z" fill="#f0fdfa" />
        <path d="M34 20 L18 44 L28 44 L52 20 Z" fill="#ccfbf1" />
        <path d="M4 14 L-6 2 L2 2 L14 14 Z" fill="#f0fdfa" />
      </g>
      <g transform="translate(120 170)">
        <rect x="0" y="14" width="64" height="56" rx="8" fill="#f97316" />
        <rect x="22" y="2" width="20" height="14" rx="4" fill="none" stroke="#f97316" strokeWidth="5" />
        <rect x="8" y="26" width="48" height="4" rx="2" fill="#fed7aa" />
        <circle cx="14" cy="74" r="4" fill="#042f2e" />
        <circle cx="50" cy="74" r="4" fill="#042f2e" />
      </g>
    </svg>
  );
}

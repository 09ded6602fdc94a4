import type { ReactNode } from "react";

// Simple line icons (24×24, currentColor), so tiles look the same on every system (no emoji fonts needed).
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const icons = {
  people: (
    <Icon>
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3 19c.6-3.2 3-5 6-5s5.4 1.8 6 5" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16 14.2c2.4.2 4.3 1.8 4.9 4.8" />
    </Icon>
  ),
  building: (
    <Icon>
      <rect x="4" y="3.5" width="11" height="17" rx="1.5" />
      <path d="M15 9.5h3.5a1.5 1.5 0 0 1 1.5 1.5v9.5H15" />
      <path d="M7.5 7.5h4M7.5 11h4M7.5 14.5h4M9.5 20.5v-3" />
    </Icon>
  ),
  book: (
    <Icon>
      <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5z" />
      <path d="M4 20.5A2.5 2.5 0 0 1 6.5 18H20v3H6.5" />
      <path d="M8.5 7.5h7" />
    </Icon>
  ),
  pin: (
    <Icon>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.4" />
    </Icon>
  ),
  person: (
    <Icon>
      <circle cx="12" cy="8" r="3.6" />
      <path d="M4.5 20c.8-3.8 3.8-6 7.5-6s6.7 2.2 7.5 6" />
    </Icon>
  ),
  lock: (
    <Icon>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
      <path d="M12 14.5v2.5" />
    </Icon>
  ),
  card: (
    <Icon>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="M3 10h18M7 15h3" />
    </Icon>
  ),
  gift: (
    <Icon>
      <rect x="3.5" y="8.5" width="17" height="4" rx="1" />
      <path d="M5 12.5v8h14v-8M12 8.5v12" />
      <path d="M12 8.5S10.8 4 8.5 4a2 2 0 0 0 0 4.5M12 8.5S13.2 4 15.5 4a2 2 0 0 1 0 4.5" />
    </Icon>
  ),
  key: (
    <Icon>
      <circle cx="8" cy="15" r="4" />
      <path d="M10.8 12.2 20 3M16.5 6.5l2.5 2.5M14 9l2 2" />
    </Icon>
  ),
  chart: (
    <Icon>
      <path d="M4 20V4M4 20h16" />
      <path d="M8 16v-4M12 16V8M16 16v-6" />
    </Icon>
  ),
  calendar: (
    <Icon>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4M7.5 14h5" />
    </Icon>
  ),
  mail: (
    <Icon>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="M3.5 7l8.5 6 8.5-6" />
    </Icon>
  ),
};

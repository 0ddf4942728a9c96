import { formatDateTime } from '../../lib/date-time.ts';

// Through the one formatter (lib/date-time.ts): "5 Jan 2025", "5 Jan 2025, 4:30 pm", in the institute's zone.
export const formatDay = (iso: string) => formatDateTime(iso, 'date');
export const formatDayAndTime = (iso: string) => formatDateTime(iso, 'dateTime');

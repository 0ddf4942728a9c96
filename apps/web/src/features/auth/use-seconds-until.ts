import { useEffect, useState } from 'react';

const secondsUntil = (time: number) => Math.max(0, Math.ceil((time - Date.now()) / 1000));

/** Whole seconds left until `time` (ms since the epoch), updated every second; 0 once it has passed. */
export function useSecondsUntil(time: number): number {
  const [left, setLeft] = useState(() => secondsUntil(time));
  useEffect(() => {
    setLeft(secondsUntil(time));
    const timer = setInterval(() => {
      const now = secondsUntil(time);
      setLeft(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [time]);
  return left;
}

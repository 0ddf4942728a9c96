import { fireEvent, screen, waitFor } from '@testing-library/react';

/** The <video> react-player renders, with what a browser would know once the file's metadata arrived. */
export async function loadedVideo(duration = 12) {
  const figure = await screen.findByRole('figure');
  const video = await waitFor(() => {
    const element = figure.querySelector('video');
    if (!element) throw new Error('no video yet');
    return element;
  });
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  fireEvent(video, new Event('loadedmetadata'));
  return video;
}

/** A video that has played on to `seconds`. */
export function playTo(video: HTMLVideoElement, seconds: number) {
  Object.defineProperty(video, 'paused', { configurable: true, value: false });
  video.currentTime = seconds;
  fireEvent(video, new Event('timeupdate'));
}

import { afterEach, beforeEach, vi } from 'vitest';

/** The browser's XMLHttpRequest (which uploads use, for their progress), held in the test's hands: what was sent, and its answer when the test gives it. */
export class FakeUploadRequest {
  static sent: FakeUploadRequest[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onabort?: () => void;
  onerror?: () => void;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeUploadRequest.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** Puts FakeUploadRequest in XMLHttpRequest's place for each test of the file. */
export function fakeUploadsInEachTest() {
  beforeEach(() => {
    FakeUploadRequest.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeUploadRequest);
  });
  afterEach(() => vi.unstubAllGlobals());
}

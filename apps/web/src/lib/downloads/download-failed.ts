/** Why a download stopped: it was cancelled (or the student signed out), no space, the network, the server said no. */
export type FailureReason = 'quota' | 'network' | 'refused' | 'cancelled';

export class DownloadFailed extends Error {
  constructor(readonly reason: FailureReason) {
    super(reason);
    this.name = 'DownloadFailed';
  }
}

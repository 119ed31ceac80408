import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UploadDetail } from '@taice/contract';
import { i18nReady } from '../../../shared/i18n/i18n';
import { UploadCard, type UploadView } from './upload-card';

const MB = 1024 * 1024;
const base: UploadView = {
  phase: 'uploading',
  name: 'holiday.mp4',
  sent: 10 * MB,
  total: 40 * MB,
  speed: 2 * MB,
  secondsLeft: 15,
  resumedFrom: 0,
  message: null,
};

function renderCard(view: Partial<UploadView>, detail?: UploadDetail) {
  const handlers = { onPause: vi.fn(), onResume: vi.fn(), onCancel: vi.fn(), onPickAnother: vi.fn() };
  render(<UploadCard view={{ ...base, ...view }} detail={detail} {...handlers} />);
  return { ...handlers, user: userEvent.setup() };
}

beforeAll(async () => {
  await i18nReady;
});

describe('the upload card', () => {
  it('shows the bytes, the percent, the speed and the time left on a real progress bar', async () => {
    const { onPause, onCancel, user } = renderCard({});
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('upload-bytes').textContent).toBe('25 % · 10.0 MB of 40.0 MB');
    expect(screen.getByTestId('upload-speed').textContent).toBe('2.0 MB/s · 15 sec left');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(onPause).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('offers to resume when paused or offline, and to retry after a failure', async () => {
    const { onResume, user } = renderCard({ phase: 'paused', speed: null, secondsLeft: null });
    expect(screen.getByText('Paused. Resume whenever you like.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(onResume).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('says a dropped connection continues by itself', () => {
    renderCard({ phase: 'offline', speed: null });
    expect(screen.getByText(/Connection lost/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
  });

  it('shows the server’s refusal and lets the user choose another file', async () => {
    const { onPickAnother, user } = renderCard({ phase: 'refused', message: 'The video is too short' });
    expect(screen.getByRole('alert').textContent).toBe('The video is too short');
    expect(screen.queryByRole('progressbar')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Choose another file' }));
    expect(onPickAnother).toHaveBeenCalled();
  });

  it('checks, then shows the video is ready with its length and size', () => {
    const detail: UploadDetail = {
      upload_id: 'abcdefgh12',
      status: 'ready',
      message: '',
      refusal_code: 0,
      size: 40 * MB,
      offset: 40 * MB,
      duration: 83,
      width: 1280,
      height: 720,
      frames: ['/a.jpg', '/b.jpg', '/c.jpg', '/d.jpg'],
      post_id: null,
    };
    renderCard({ phase: 'sent', sent: 40 * MB }, { ...detail, status: 'checking' });
    expect(screen.getByTestId('upload-card').getAttribute('data-stage')).toBe('checking');
    expect(screen.getByText('Upload complete. Checking the video…')).toBeTruthy();
    cleanup();
    renderCard({ phase: 'sent', sent: 40 * MB }, detail);
    expect(screen.getByTestId('upload-status').textContent).toBe('Ready to publish · 1:23 · 1280×720');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.queryByRole('button', { name: 'Cancel upload' })).toBeNull();
  });
});

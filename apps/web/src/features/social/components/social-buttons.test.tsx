import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { TEST_TICKET } from '../../../test/fake-websocket';
import { renderApp } from '../../../test/render-app';
import { browser } from '../lib/oauth';

afterEach(() => sessionStorage.clear());

describe('SocialButtons on the login page', () => {
  it('show once the waiting room lets the browser in, and keep its ticket for the return from the provider', async () => {
    mockFetch((url) =>
      url === '/api/auth/social-config'
        ? jsonResponse({ google: { clientId: 'cid', authUrl: 'https://accounts.google.com/o/oauth2/v2/auth' }, facebook: null })
        : jsonResponse({ errors: [{ message: 'x' }] }, 404),
    );
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const ui = userEvent.setup();
    renderApp('/login');
    await ui.click(await screen.findByRole('button', { name: 'Entrar com Google' }, { timeout: 15_000 }));
    expect(screen.queryByRole('button', { name: 'Entrar com Facebook' })).toBeNull();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(JSON.parse(sessionStorage.getItem('legiao.socialLogin')!)).toMatchObject({ provider: 'google', ticket: TEST_TICKET });
  });
});

import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@equip/domain/identity-rules';
import { generate } from 'otplib';
import { startOidcPeer } from '../../apps/api/src/test/oidc-peer.ts';
import { invitePerson, newOwner, ownerToken } from '../support/api.ts';
import { demoLogin, expect, signIn, test, waitForMail } from '../support/fixtures.ts';

/**
 * Where the identity provider sends the browser back (the API's SSO_CALLBACK_PATH). Written out rather
 * than imported: importing the API's SSO module would type-check its Node fetch code under this
 * project's DOM types. A wrong value fails the single sign-on spec (the provider refuses the redirect).
 */
const SSO_CALLBACK_PATH = '/api/user/shared/auth/unprotected/sso/callback';

test.describe('identity', () => {
  test('an invited person sets a password from the mailed link and is signed in', async ({
    page,
    request,
  }) => {
    const { link } = await invitePerson(request, 'it-owner');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('a long new password');
    await page.getByLabel('Confirm new password').fill('a long new password');
    await page.getByRole('button', { name: 'Activate account' }).click();
    await expect(page).toHaveURL(/\/dashboard\//);
  });

  test('signs in with an authenticator app after enrolling it', async ({ page, request }) => {
    const owner = await newOwner(request);
    await signIn(page, owner);
    await expect(page).toHaveURL(/\/dashboard\/overview/);
    await page.goto('/dashboard/account');
    await page.getByRole('button', { name: 'Set up', exact: true }).click();
    // Adding a factor needs the password, sent encrypted as at login.
    const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await confirm.getByLabel('Password', { exact: true }).fill(owner.password);
    await confirm.getByRole('button', { name: 'Continue' }).click();
    const secret = (await page.getByLabel(/setup key/i).inputValue()).replace(/\s+/g, '');
    await page.getByLabel('Code from the app').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);

    await page.goto('/logout');
    await expect(page).toHaveURL(/\/auth\/login/);
    await signIn(page, owner, { expectMfa: true });
    // The enrolment code was used in this time step; the next step's code is the one to type.
    await page
      .getByLabel('Authentication code')
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/overview/);
  });

  test('signs in with a code sent by email', async ({ page, request }) => {
    const owner = await newOwner(request);
    await signIn(page, owner);
    await page.goto('/dashboard/account');
    await page.getByRole('button', { name: 'Use email codes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
    const password = confirm.getByLabel('Password', { exact: true });
    await password.fill('not the password');
    await confirm.getByRole('button', { name: 'Use email codes' }).click();
    await expect(password).toHaveAccessibleDescription('That password isn’t right. Try again.');
    await password.fill(owner.password);
    await confirm.getByRole('button', { name: 'Use email codes' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('On · Codes by email')).toBeVisible();
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/auth\/login/);
    const since = Date.now();
    await signIn(page, owner, { expectMfa: true });
    const mail = await waitForMail(owner.email, since, (m) => m.subject.includes('sign-in code'));
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/overview/);
  });

  test('refreshes an expired access token without the user noticing', async ({ page, context }) => {
    await signIn(page, demoLogin('it-owner'));
    await expect(page).toHaveURL(/\/dashboard\/overview/);
    const before = (await context.cookies()).find((c) => c.name === ACCESS_TOKEN_COOKIE)!;
    await context.addCookies([{ ...before, value: 'expired.token.value' }]);
    // A fresh load: nothing cached, so the first calls meet the 401 and the refresh.
    await page.goto('/dashboard/employees');
    await expect(page.getByRole('heading', { level: 1, name: 'Employees' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/employees/);
    const after = (await context.cookies()).find((c) => c.name === ACCESS_TOKEN_COOKIE)!;
    expect(after.value).not.toBe('expired.token.value');
  });

  test('is logged out when the refresh token has been revoked', async ({ page, context, request }) => {
    await signIn(page, demoLogin('it-owner'));
    await expect(page).toHaveURL(/\/dashboard\/overview/);
    const cookies = await context.cookies();
    const refresh = cookies.find((c) => c.name === REFRESH_TOKEN_COOKIE)!;
    const access = cookies.find((c) => c.name === ACCESS_TOKEN_COOKIE)!;
    expect(
      (
        await request.post('/api/user/shared/auth/logout', { data: { refreshToken: refresh.value } })
      ).status(),
    ).toBe(204);
    await context.addCookies([{ ...access, value: 'expired.token.value' }]);
    await page.goto('/dashboard/employees');
    await expect(page).toHaveURL(/\/auth\/login/);
    expect((await context.cookies()).some((c) => c.name === REFRESH_TOKEN_COOKIE && c.value)).toBe(false);
  });

  test('resets a forgotten password through the mailed link', async ({ page, request }) => {
    const owner = await newOwner(request);
    await page.goto('/auth/reset-password');
    const since = Date.now();
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const mail = await waitForMail(owner.email, since, (m) => m.subject.includes('Reset'));
    const link = new URL(/(https?:\/\/\S+reset-password\S+)/.exec(mail.text)![1]!);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('my brand new password');
    await page.getByLabel('Confirm new password').fill('my brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await signIn(page, { email: owner.email, password: 'my brand new password' });
    await expect(page).toHaveURL(/\/dashboard\/overview/);
  });

  test('signs in through single sign-on against a local OpenID provider', async ({
    page,
    request,
    baseURL,
  }) => {
    const owner = await newOwner(request);
    const idp = await startOidcPeer({ redirectUri: `${baseURL}${SSO_CALLBACK_PATH}`, accounts: {} });
    try {
      const token = await ownerToken(request);
      const configured = await request.put('/api/organization/sso', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          provider: 'google',
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
        },
      });
      expect(configured.status()).toBe(200);
      await page.goto('/auth/login?next=%2Fdashboard%2Femployees');
      await page.getByRole('button', { name: 'Sign in with SSO' }).click();
      await page.getByLabel('Work email').fill(owner.email);
      await page.getByRole('button', { name: 'Continue with SSO' }).click();
      await expect(page).toHaveURL(/\/dashboard\/employees/);
      await expect(page.getByRole('heading', { level: 1, name: 'Employees' })).toBeVisible();
    } finally {
      await idp.close();
    }
  });

  test('asks for the password, email kept, when an email does not sign in with single sign-on', async ({
    page,
  }) => {
    // Unknown emails answer exactly like accounts without single sign-on: the password form.
    const email = `nobody-${Date.now()}@nowhere.example`;
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await expect(page.getByText('This email signs in with a password. Enter it below.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test('sends people who are not signed in to the login and back', async ({ page }) => {
    await page.goto('/dashboard/devices?tab=assets');
    await expect(page).toHaveURL(/\/auth\/login\?next=/);
    const owner = demoLogin('it-owner');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await expect(page).toHaveURL(/\/dashboard\/devices\?tab=assets/);
  });

  test('shows a regular user only their own record', async ({ page }) => {
    await signIn(page, demoLogin('regular'));
    await expect(page).toHaveURL(/\/dashboard\/me/);
    await page.goto('/dashboard/employees');
    await expect(page).toHaveURL(/\/dashboard\/me/);
  });
});

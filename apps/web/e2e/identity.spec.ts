import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { setIdentityLevel } from './pages/IdentityLimits';
import { IdentityReviewScreen, MemberIdentityPage } from './pages/IdentityScreens';
import { SignInPage } from './pages/SignInPage';

/**
 * Decision 0074: on a phone, a member sends level 1 (two pictures); the owner (compliance) rejects it with a reason;
 * the member reads the reason and sends again; the owner approves it; the member's level is 1.
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test('a member submits level 1 on a phone, is rejected with a reason, resubmits, and is approved', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await registerViaApi(request, 'identity');
  await setIdentityLevel(member.id, 0);
  const fields = { legalName: member.fullname, dateOfBirth: '1990-04-12', country: 'India' };

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  const mine = new MemberIdentityPage(page);
  // From the profile, as a member finds it.
  await page.goto(`/user/profile/${member.id}`);
  await page.getByTestId('identity-profile-link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Identity verification' })).toBeVisible();
  await expect(mine.state(1)).toHaveText('Not started');
  await mine.submitLevel1(fields);
  await expect(mine.state(1)).toHaveText('Under review');

  const staffContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const staffPage = await staffContext.newPage();
  try {
    const adminSignIn = new SignInPage(staffPage, 'admin');
    await adminSignIn.goto();
    await adminSignIn.signIn(demoAdmin.email, demoAdmin.password);
    const review = new IdentityReviewScreen(staffPage);
    await review.goto();
    await review.open(member.username);
    await expect(staffPage.getByTestId('identity-typed')).toContainText(member.fullname);
    await review.reject('The document photo is blurred: take it again in good light.');

    await mine.goto();
    await expect(mine.state(1)).toHaveText('Rejected');
    await expect(mine.reason(1)).toContainText('The document photo is blurred');
    await mine.submitLevel1(fields);
    await expect(mine.state(1)).toHaveText('Under review');

    await review.back();
    await review.open(member.username);
    await review.approve();

    await mine.goto();
    await expect(mine.state(1)).toHaveText('Approved');
    await expect(mine.verifiedLevel()).toHaveText('Your verified level: 1');
    await page.goto(`/user/profile/${member.id}`);
    await expect(page.getByTestId('identity-profile-link')).toHaveText('Identity verification: level 1');
  } finally {
    await staffContext.close();
  }
});

import { newRouter } from '../router';

export const donationRoutes = newRouter();

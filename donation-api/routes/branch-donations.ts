import { newRouter } from '../router';

export const branchDonationsRoutes = newRouter();

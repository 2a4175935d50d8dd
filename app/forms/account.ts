// The account page's forms: changing your own password, and adding an admin.
import { z } from "zod";
import { ADMIN_PASSWORD_MIN_LENGTH } from "~/lib/constants";
import { emailAddress } from "./fields";

const newPassword = (required: string) =>
  z
    .string({ error: required })
    .min(ADMIN_PASSWORD_MIN_LENGTH, `Password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`)
    .max(200, "Please use a shorter password");

export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: "Enter your current password" }),
    new_password: newPassword(`Password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`),
    confirm_password: z.string({ error: "Passwords do not match" }),
  })
  .refine((v) => v.new_password === v.confirm_password, { message: "Passwords do not match", path: ["confirm_password"] });

export const addAdminSchema = z.object({
  email: emailAddress(),
  password: newPassword(`Password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`),
});

import { z } from "zod";
import { ADMIN_PASSWORD_MIN_LENGTH } from "~/lib/constants";
import { emailAddress } from "~/lib/forms";

const newPassword = z
  .string()
  .min(ADMIN_PASSWORD_MIN_LENGTH, `Password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`)
  .max(200, "Please use a shorter password");

export const changePasswordSchema = z
  .object({
    current_password: z.string().min(1, "Enter your current password"),
    new_password: newPassword,
    confirm_password: z.string(),
  })
  .refine((v) => v.new_password === v.confirm_password, { message: "Passwords do not match", path: ["confirm_password"] });

export const addAdminSchema = z.object({
  email: emailAddress(),
  password: newPassword,
});

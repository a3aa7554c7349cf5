package oracle

// workloads lists the programs checked by TestProgramsTypeCheck.
var workloads = []string{"lse", "gmm", "kmeans", "llsq", "det", "ode", "lstm", "ba", "ht", "particle", "saddle"}

// Deploys Greeter through Hardhat's provider for the selected network (Hardhat signs with the
// configured key and fills in nonce, gas and fees from the node), changes its greeting, reads it
// back, and prints one line `RESULT {json}` for whoever runs the script.
const hre = require("hardhat");
const { BrowserProvider, ContractFactory } = require("ethers");

async function main() {
  const artifact = await hre.artifacts.readArtifact("Greeter");
  const provider = new BrowserProvider(hre.network.provider);
  provider.pollingInterval = 250;
  const signer = await provider.getSigner();
  const network = await provider.getNetwork();

  const factory = new ContractFactory(artifact.abi, artifact.bytecode, signer);
  const greeter = await factory.deploy("hello from hardhat");
  const deployReceipt = await greeter.deploymentTransaction().wait();
  const address = await greeter.getAddress();

  const initial = await greeter.greet();
  const tx = await greeter.setGreeting("greetings, chain 2611");
  const receipt = await tx.wait();
  const event = receipt.logs.map((log) => greeter.interface.parseLog(log)).find((parsed) => parsed?.name === "GreetingChanged");

  const result = {
    chainId: network.chainId.toString(),
    deployer: signer.address,
    address,
    deployTx: deployReceipt.hash,
    deployBlock: deployReceipt.blockNumber,
    deployStatus: deployReceipt.status,
    initial,
    setTx: receipt.hash,
    setBlock: receipt.blockNumber,
    setStatus: receipt.status,
    setGasUsed: receipt.gasUsed.toString(),
    event: event ? { by: event.args.by, greeting: event.args.greeting } : null,
    greeting: await greeter.greet(),
    changes: (await greeter.changes()).toString(),
  };
  console.log(`RESULT ${JSON.stringify(result)}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
